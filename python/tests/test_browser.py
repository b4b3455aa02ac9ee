"""The analysis board of `mancala serve` in a real headless Chromium (Playwright).

The test starts `mancala serve --port 0`, drives the page by clicking, and checks what the page
shows against the command line (`mancala show --json`, `mancala solve --json`) and the committed
`.games.jsonl` records: paths independent of the server and of the page.

Needs Playwright for Python (`pip install playwright`) and a Chromium at /usr/bin/chromium
(`CHROMIUM` overrides; Playwright's own browser download is not used); skipped without them.
Writes docs/screenshots/board-two-row.png and docs/screenshots/board-four-row.png.

The page's files are compiled into the binary; `MANCALA_PAGE_DIR=src/cli/serve/page` serves them
from that folder instead (the browser is answered from the files, the API from the server), to
try page edits without a rebuild.
"""

import json
import os
import pathlib
import queue
import random
import re
import subprocess
import threading
import time

import pytest

from conftest import REPO, cli_binary, cli_json

# scripts/test.sh installs both and sets MANCALA_REQUIRE_BROWSER=1: there, a missing browser fails.
REQUIRED = os.environ.get("MANCALA_REQUIRE_BROWSER") == "1"
try:
    import playwright.sync_api as sync_api
except ImportError:
    if REQUIRED:
        raise
    pytest.skip("Playwright for Python is not installed", allow_module_level=True)

CHROMIUM = pathlib.Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = REPO / "docs" / "screenshots"
KALAH = "kalah(houses=4,seeds=3)"
BAO = "bao-la-kiswahili"
CUPS = "cups"
TIMEOUT_MS = int(os.environ.get("BROWSER_TIMEOUT_MS", "90000"))  # two shared cores: be generous


# ---------------------------------------------------------------------------------------------
# The server and the browser.


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`mancala serve --port 0` on the repository's results/ and an empty databases folder."""
    if not CHROMIUM.exists():
        (pytest.fail if REQUIRED else pytest.skip)(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)")
    databases = tmp_path_factory.mktemp("databases")
    proc = subprocess.Popen(
        [str(cli_binary()), "serve", "--port", "0", "--results", str(REPO / "results"), "--databases", str(databases)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: "queue.Queue[str]" = queue.Queue()
    log = []

    def drain():
        for line in proc.stdout:
            log.append(line)
            lines.put(line)

    threading.Thread(target=drain, daemon=True).start()
    url = None
    deadline = time.monotonic() + 60
    while url is None and time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            if proc.poll() is not None:
                break
            continue
        m = re.search(r"listening on (http://\S+?)/?\s*$", line)
        if m:
            url = m.group(1).rstrip("/")
    if url is None:
        proc.kill()
        proc.wait()
        pytest.fail("`mancala serve` printed no `listening on http://...` line:\n" + "".join(log))
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def browser(server):
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


def _serve_file(path, content_type):
    body = path.read_text()
    return lambda route: route.fulfill(status=200, content_type=content_type, body=body)


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1360, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    page_dir = os.environ.get("MANCALA_PAGE_DIR")
    if page_dir:
        types = {"/": ("index.html", "text/html"), "/app.js": ("app.js", "text/javascript"), "/style.css": ("style.css", "text/css")}
        for url_path, (name, ctype) in types.items():
            pg.route(server + url_path, _serve_file(REPO / page_dir / name, ctype))
    errors = []
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    # Chromium logs every 4xx answer as "Failed to load resource": the tests ask for some.
    pg.on(
        "console",
        lambda m: errors.append(f"console {m.type}: {m.text}")
        if m.type == "error" and "Failed to load resource" not in m.text
        else None,
    )
    pg.goto(server + "/")
    # The page starts a game of its own (GET /api/games, then the first position).
    pg.wait_for_selector("#board svg g.house")
    yield pg
    context.close()
    assert not errors, "\n".join(errors)


# ---------------------------------------------------------------------------------------------
# The command line: the independent path.


def cli_show(game, moves=(), position=None):
    args = ["show", game]
    if position:
        args += ["--position", position]
    if moves:
        args += ["--moves", " ".join(moves)]
    return cli_json(*args)


def parse_position(text):
    """Position text -> (south houses, north houses, [south store, north store], side to move)."""
    main = text.split(";")[0]
    houses, stores, side = main.split(" ")
    south, north = houses.split("/")
    return (
        [int(x) for x in south.split(",")],
        [int(x) for x in north.split(",")],
        [int(x) for x in stores.split("-")],
        side,
    )


def house_letters(position):
    """The letters of the houses of position text: `A`.. South's, `a`.. North's."""
    south, north, _, _ = parse_position(position)
    return {chr(65 + i) for i in range(len(south))} | {chr(97 + i) for i in range(len(north))}


def lifts_house(move, letters):
    """Whether a move name lifts a house, as the API's `legal[].house` (`K+`, `N-s`, `A-3`;
    not `pass`, `hand`, Cups' `p3`); `letters`: the board's house letters."""
    return move[0] in letters and (len(move) == 1 or not move[1].isalpha())


# ---------------------------------------------------------------------------------------------
# The page.

READ_BOARD = """(root) => {
  const svg = document.querySelector(root + ' svg');
  const houses = [...svg.querySelectorAll('g.house')].map((g) => {
    const r = g.querySelector('.pit').getBoundingClientRect();
    return {side: g.dataset.side, index: Number(g.dataset.index), letter: g.dataset.letter,
            seeds: Number(g.dataset.seeds), shown: g.querySelector('text.seeds').textContent,
            title: g.querySelector('title').textContent, x: r.x + r.width / 2, y: r.y + r.height / 2};
  });
  const stores = {};
  for (const g of svg.querySelectorAll('g.store')) {
    const r = g.getBoundingClientRect();
    stores[g.dataset.store] = {seeds: Number(g.dataset.seeds), shown: g.querySelector('text.seeds').textContent,
                               x: r.x + r.width / 2};
  }
  const over = document.querySelector('#game-over');
  const fin = document.querySelector('#final-stores');
  return {houses, stores, ply: Number(svg.dataset.ply), moves: svg.dataset.moves,
          side: document.querySelector('#side-to-move').textContent.trim(),
          position: document.querySelector('#position-text').textContent.trim(),
          over: !over.hidden, final: fin.dataset.south === undefined ? null : [Number(fin.dataset.south), Number(fin.dataset.north)]};
}"""


def read_board(page, root="#board"):
    return page.evaluate(READ_BOARD, root)


def page_moves(page):
    moves = page.eval_on_selector("#board svg", "s => s.dataset.moves")
    return moves.split() if moves else []


def wait_ply(page, ply):
    try:
        page.wait_for_function(
            "n => { const s = document.querySelector('#board svg'); return s && Number(s.dataset.ply) === n; }",
            arg=ply,
        )
    except sync_api.TimeoutError:
        pytest.fail(
            f"the page did not reach ply {ply}: moves {page_moves(page)}, message {page.text_content('#message')!r}, "
            f"agent {page.text_content('#agent-status')!r}"
        )


def new_game(page, game):
    page.fill("#game-text", game)
    page.click("#new-game")
    page.wait_for_function(
        "g => { const s = document.querySelector('#board svg'); return s && s.dataset.game === g && s.dataset.ply === '0'; }",
        arg=game,
    )


def check_board(page, game, moves, position=None):
    """The page's board equals `mancala show` after `moves`; returns show's JSON."""
    cli = cli_show(game, moves, position)
    south, north, stores, side = parse_position(cli["position"])
    b = read_board(page)
    where = f"{game} after {' '.join(moves) or 'no moves'}"
    assert b["position"] == cli["position"], where
    assert b["side"] == cli["side_to_move"], where
    assert len(b["houses"]) == len(south) + len(north), where
    seen = set()
    for h in b["houses"]:
        expected = (south if h["side"] == "S" else north)[h["index"]]
        assert h["seeds"] == expected, f"{where}: house {h['letter']}"
        assert h["shown"] == str(expected), f"{where}: house {h['letter']}"
        assert h["letter"] in h["title"] and str(expected) in h["title"], f"{where}: title {h['title']!r}"
        seen.add((h["side"], h["index"]))
    assert len(seen) == len(south) + len(north), where
    if b["stores"]:
        assert b["stores"]["S"]["seeds"] == stores[0], where
        assert b["stores"]["N"]["seeds"] == stores[1], where
        assert b["stores"]["S"]["shown"] == str(stores[0]), where
    assert b["over"] == cli["over"], where
    if cli["over"]:
        assert b["final"] == cli["stores"], where
    return cli


def click_move(page, move, legal):
    """Plays `move` by clicking: its house (then the choice button when several moves lift
    it), or its button when it lifts no house."""
    letters = set(page.eval_on_selector_all("#board g.house", "gs => gs.map(g => g.dataset.letter)"))
    if lifts_house(move, letters):
        same_house = [m for m in legal if lifts_house(m, letters) and m[0] == move[0]]
        page.click(f'#board g.house[data-letter="{move[0]}"]')
        if len(same_house) > 1:
            page.wait_for_selector("#move-choices:not([hidden])")
            offered = page.eval_on_selector_all("#move-choices button[data-move]", "bs => bs.map(b => b.dataset.move)")
            assert sorted(offered) == sorted(same_house), f"choice for house {move[0]}"
            page.click(f'#move-choices button[data-move="{move}"]')
    else:
        page.click(f'#extra-moves button[data-move="{move}"]')


def play_and_check(page, game, moves, move, legal):
    click_move(page, move, legal)
    moves = moves + [move]
    wait_ply(page, len(moves))
    assert page_moves(page) == moves
    return moves, check_board(page, game, moves)


# ---------------------------------------------------------------------------------------------
# The tests.


def test_kalah_whole_game_against_random(page):
    """A whole game of Kalah(4,3), South clicking, North the `random` agent; after every move
    the board equals `mancala show` for the same moves."""
    new_game(page, KALAH)
    page.fill("#agent-text", "random")
    held = []
    page.route("**/api/move", lambda route: held.append(route))
    page.select_option("#agent-side", "N")
    rng = random.Random(2026)
    moves = []
    cli = check_board(page, KALAH, moves)

    # An explanation, not a move, for a click on the other side's house.
    page.click('#board g.house[data-letter="a"]')
    page.wait_for_selector("#message:not([hidden])")
    assert "not your house: South to move" in page.text_content("#message")
    assert page_moves(page) == []

    agent_moves = 0
    while not cli["over"]:
        assert len(moves) < 200, "the game does not end"
        if cli["side_to_move"] == "S":
            move = rng.choice(cli["legal_moves"])
            click_move(page, move, cli["legal_moves"])
        else:
            # The page asks the agent; the request is held until the board was checked.
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            while not held:
                assert time.monotonic() < deadline, "the page did not ask the agent to move"
                page.wait_for_timeout(50)
            route = held.pop(0)
            body = route.request.post_data_json
            assert body["agent"] == "random" and body["game"] == KALAH
            assert (body.get("moves") or "").split() == moves
            route.continue_()
            agent_moves += 1
        wait_ply(page, len(moves) + 1)
        played = page_moves(page)
        assert played[:-1] == moves
        assert played[-1] in cli["legal_moves"]
        moves = played
        cli = check_board(page, KALAH, moves)
    assert agent_moves > 0
    assert not held

    # The end: winner and final stores shown; a click explains that the game is over.
    text = page.text_content("#game-over")
    s, n = cli["stores"]
    assert f"{s}-{n}" in text
    winner = "South" if s > n else "North" if n > s else "draw"
    assert winner in text
    page.click('#board g.house[data-letter="A"]')
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('the game is over')")
    # South's clock ran while South thought.
    assert float(page.get_attribute("#clock-S", "data-seconds")) > 0

    # Undo takes back to South's turn (the agent's moves with it); redo replays a move without
    # the agent answering it (paused).
    page.click("#undo")
    page.wait_for_function(
        "n => { const s = document.querySelector('#board svg'); return Number(s.dataset.ply) < n && s.dataset.sideToMove === 'S'; }",
        arg=len(moves),
    )
    back = page_moves(page)
    assert back == moves[: len(back)]
    assert check_board(page, KALAH, back)["side_to_move"] == "S"
    page.click("#redo")
    wait_ply(page, len(back) + 1)
    check_board(page, KALAH, moves[: len(back) + 1])
    page.wait_for_timeout(300)
    assert not held, "the agent moved after a redo"
    page.unroute("**/api/move")


def test_kalah_analysis_matches_the_solver(page):
    """The analysis table's value of every move equals `mancala solve --json`."""
    new_game(page, KALAH)
    page.select_option("#agent-side", "none")
    moves = []
    cli = check_board(page, KALAH, moves)
    for _ in range(2):
        moves, cli = play_and_check(page, KALAH, moves, cli["legal_moves"][-1], cli["legal_moves"])
    page.fill("#max-seconds", "5")
    page.click("#analyse")
    page.wait_for_function(
        "() => ['done', 'error'].includes(document.querySelector('#analysis-status').dataset.state)",
        timeout=120_000,
    )
    assert page.get_attribute("#analysis-status", "data-state") == "done", page.text_content("#message")
    rows = page.eval_on_selector_all(
        "#moves-table tbody tr[data-move]",
        "trs => trs.map(t => ({move: t.dataset.move, exact: t.dataset.exact, lower: t.dataset.lower,"
        " upper: t.dataset.upper, text: t.querySelector('td.value').textContent}))",
    )
    solved = cli_json("solve", KALAH, *(["--moves", " ".join(moves)] if moves else []))
    expected = {m["move"]: m["value"] for m in solved["moves"]}
    assert sorted(r["move"] for r in rows) == sorted(expected) == sorted(cli["legal_moves"])
    for r in rows:
        v = expected[r["move"]]
        assert r["exact"] == "true", r
        assert int(r["lower"]) == v and int(r["upper"]) == v, r
        assert r["text"] == (f"{v:+d}" if v else "0"), r
    value = solved["value"]
    assert page.text_content("#analysis-value").strip() == (f"{value:+d}" if value else "0")
    assert page.text_content("#analysis-source").startswith("solver")
    pv = page.text_content("#analysis-pv").split()
    assert pv and pv[0] in expected and expected[pv[0]] == value
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "board-two-row.png"))

    # Bounds are never shown as exact values.
    shown = page.evaluate(
        "() => [valueText({exact: true, lower: 3, upper: 3}), valueText({exact: false, lower: 3, upper: null}),"
        " valueText({exact: false, lower: null, upper: 3}), valueText({exact: false, lower: -2, upper: 7}),"
        " valueText({exact: false, lower: 3, upper: 3})]"
    )
    assert shown == ["+3", ">= 3", "<= 3", "-2..7", "3..3"]

    # A long analysis (Kalah(6,4) from the start) streams progress and can be cancelled.
    new_game(page, "kalah")
    assert page.eval_on_selector_all("#moves-table tbody tr", "trs => trs.length") == 0
    page.fill("#max-seconds", "25")
    page.click("#analyse")
    # Progress events show the nodes searched so far.
    page.wait_for_function("() => Number(document.querySelector('#analysis-status').dataset.nodes) > 0")
    assert page.get_attribute("#analysis-status", "data-state") == "running"
    assert re.search(r"\d[\d.]* ?[kM]? nodes", page.text_content("#analysis-status"))
    page.click("#cancel-analysis")
    page.wait_for_function("() => document.querySelector('#analysis-status').dataset.state === 'cancelled'")
    assert page.eval_on_selector_all("#moves-table tbody tr", "trs => trs.length") == 0
    # A move cancels the running analysis too.
    page.click("#analyse")
    page.wait_for_function("() => document.querySelector('#analysis-status').dataset.state === 'running'")
    page.click('#board g.house[data-letter="C"]')
    wait_ply(page, 1)
    page.wait_for_function("() => document.querySelector('#analysis-status').dataset.state === 'cancelled'")
    assert page.is_hidden("#message") or page.get_attribute("#message", "data-kind") != "error", page.text_content("#message")


def test_bao_with_a_direction_choice(page):
    """Bao la Kiswahili: moves clicked, one chosen among the `+`/`-` buttons of a hole; the
    position text after them equals `mancala show`."""
    new_game(page, BAO)
    page.select_option("#agent-side", "none")
    b = read_board(page)
    assert len(b["houses"]) == 32 and not b["stores"]
    rows = sorted({round(h["y"]) for h in b["houses"]})
    assert len(rows) == 4, "four rows"
    # South's holes are in the two bottom rows.
    assert all(h["y"] > rows[1] + 1 for h in b["houses"] if h["side"] == "S")
    assert page.locator("#fields dd").count() > 0  # reserves, kuu
    rng = random.Random(7)
    moves = []
    cli = check_board(page, BAO, moves)
    chose = False
    while len(moves) < 6 or not chose:
        assert len(moves) < 30, "no position with a direction choice"
        legal = cli["legal_moves"]
        groups = {}
        for m in legal:
            if lifts_house(m, house_letters(cli["position"])):
                groups.setdefault(m[0], []).append(m)
        multi = [g for g in groups.values() if len(g) > 1 and any(m.endswith(("+", "-")) for m in g)]
        if not chose and multi:
            move = rng.choice(sorted(rng.choice(multi)))
            chose = True
        else:
            move = rng.choice(legal)
        moves, cli = play_and_check(page, BAO, moves, move, legal)
        if cli["over"]:
            break
    assert chose
    assert page.text_content("#position-text").strip() == cli_show(BAO, moves)["position"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "board-four-row.png"))


def test_cups_planting_buttons(page):
    """Cups: the planting moves `p1`..`p4` are buttons; the position text follows `mancala show`."""
    new_game(page, CUPS)
    page.select_option("#agent-side", "none")
    moves = []
    cli = check_board(page, CUPS, moves)
    buttons = page.eval_on_selector_all("#extra-moves button[data-move]", "bs => bs.map(b => b.dataset.move)")
    letters = house_letters(cli["position"])
    assert sorted(buttons) == sorted(m for m in cli["legal_moves"] if not lifts_house(m, letters))
    assert any(re.fullmatch(r"p\d+", m) for m in buttons)
    rng = random.Random(3)
    for _ in range(8):
        if cli["over"]:
            break
        legal = cli["legal_moves"]
        planting = [m for m in legal if re.fullmatch(r"p\d+", m)]
        move = rng.choice(planting) if planting and len(moves) < 3 else rng.choice(legal)
        moves, cli = play_and_check(page, CUPS, moves, move, legal)
        hand = page.eval_on_selector_all("#fields dd", "ds => ds.map(d => d.dataset.key)")
        assert "hand" in hand
    assert page.text_content("#position-text").strip() == cli_show(CUPS, moves)["position"]


def test_flip_and_set_position(page):
    new_game(page, KALAH)
    page.select_option("#agent-side", "none")
    b = read_board(page)
    south = [h for h in b["houses"] if h["side"] == "S"]
    north = [h for h in b["houses"] if h["side"] == "N"]
    assert max(h["y"] for h in north) < min(h["y"] for h in south)
    assert [h["letter"] for h in sorted(south, key=lambda h: h["x"])] == ["A", "B", "C", "D"]
    assert [h["letter"] for h in sorted(north, key=lambda h: h["x"])] == ["d", "c", "b", "a"]
    assert b["stores"]["N"]["x"] < b["stores"]["S"]["x"]

    page.click("#flip")
    page.wait_for_selector('#board svg[data-flipped="true"]')
    b = read_board(page)
    south = [h for h in b["houses"] if h["side"] == "S"]
    north = [h for h in b["houses"] if h["side"] == "N"]
    assert min(h["y"] for h in north) > max(h["y"] for h in south), "North's houses at the bottom"
    assert [h["letter"] for h in sorted(north, key=lambda h: h["x"])] == ["a", "b", "c", "d"]
    assert b["stores"]["S"]["x"] < b["stores"]["N"]["x"]
    page.click("#flip")
    page.wait_for_selector('#board svg[data-flipped="false"]')

    # Set a position from text, then moves from it.
    text = "1,0,2,3/0,1,4,1 5-7 N"
    page.fill("#position-input", text)
    page.fill("#moves-input", "")
    page.click("#set-position")
    page.wait_for_function("t => document.querySelector('#position-text').textContent === t", arg=text)
    check_board(page, KALAH, [], position=text)
    page.fill("#moves-input", "c")
    page.click("#set-position")
    wait_ply(page, 1)
    cli = check_board(page, KALAH, ["c"], position=text)
    # An empty house of the side to move explains itself.
    b = read_board(page)
    empty = [h for h in b["houses"] if h["side"] == cli["side_to_move"] and h["seeds"] == 0]
    if empty:
        page.click(f'#board g.house[data-letter="{empty[0]["letter"]}"]')
        page.wait_for_function(
            "l => document.querySelector('#message').textContent.includes(`house ${l} is empty`)", arg=empty[0]["letter"]
        )

    # Copy position / moves fill the read-only box.
    page.click("#copy-position")
    assert page.input_value("#copy-output") == cli["position"]
    page.click("#copy-moves")
    assert page.input_value("#copy-output") == "c"

    # A bad position is refused with the server's message, and the board stays.
    page.fill("#position-input", "1,2/3 0-0 S")
    page.fill("#moves-input", "")
    page.click("#set-position")
    page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'error'")
    assert page.text_content("#message").strip()
    assert page.text_content("#position-text").strip() == cli["position"]

    # A game over position: the final stores after the end-of-game rule.
    over = "0,0,0,0/1,0,0,0 12-11 S"
    page.fill("#position-input", over)
    page.click("#set-position")
    page.wait_for_function("t => document.querySelector('#position-text').textContent === t", arg=over)
    cli = check_board(page, KALAH, [], position=over)
    assert cli["over"]


def test_replay_a_tournament_game(page):
    """Opens results/tournaments/adi-tournament.json, replays a game to its end and checks the
    final stores against the record read from the .games.jsonl file."""
    run = "tournaments/adi-tournament.json"
    records = [json.loads(line) for line in (REPO / "results" / "tournaments" / "adi-tournament.games.jsonl").read_text().splitlines() if line.strip()]
    manifest = json.loads((REPO / "results" / run).read_text())
    agents = manifest["identity"]["agents"]
    page.fill("#runs-filter", "adi-tournament")
    page.click(f'#runs-list button[data-path="{run}"]')
    page.wait_for_selector("#run-table table")
    page.wait_for_selector('#games-list tbody tr[data-index="0"]')
    assert int(page.get_attribute("#games-total", "data-total")) == len(records)

    index = min(range(min(20, len(records))), key=lambda i: len(records[i]["opening"]) + len(records[i]["moves"]))
    rec = records[index]
    plies = rec["opening"] + rec["moves"]
    page.click(f'#games-list tbody tr[data-index="{index}"]')
    page.wait_for_function("i => document.querySelector('#replay').dataset.index === String(i) && !document.querySelector('#replay').hidden", arg=index)
    assert page.get_attribute("#replay-ply", "data-plies") == str(len(plies))
    assert page.get_attribute("#replay-ply", "data-ply") == "0"
    for k, move in enumerate(plies, start=1):
        page.click("#replay-next")
        page.wait_for_function("k => document.querySelector('#replay-ply').dataset.ply === String(k)", arg=k)
        assert page.get_attribute("#replay-move", "data-move") == move
        if k > len(rec["opening"]):
            assert "ms" in page.text_content("#replay-move")
    assert page.is_disabled("#replay-next")
    final = [int(page.get_attribute("#replay-final", "data-south")), int(page.get_attribute("#replay-final", "data-north"))]
    assert final == rec["stores"]
    assert f"{rec['stores'][0]}-{rec['stores'][1]}" in page.text_content("#replay-final")
    assert cli_show("adi", plies)["stores"] == rec["stores"]
    # The replay board at the end: its stores and houses are the position `mancala show` gives.
    south, north, stores, _ = parse_position(cli_show("adi", plies)["position"])
    b = read_board(page, "#replay-board")
    assert [b["stores"]["S"]["seeds"], b["stores"]["N"]["seeds"]] == stores
    for h in b["houses"]:
        assert h["seeds"] == (south if h["side"] == "S" else north)[h["index"]]

    # The keyboard: Home, right arrow, End.
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#replay-ply').dataset.ply === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#replay-ply').dataset.ply === '1'")
    page.keyboard.press("End")
    page.wait_for_function("n => document.querySelector('#replay-ply').dataset.ply === String(n)", arg=len(plies))
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("n => document.querySelector('#replay-ply').dataset.ply === String(n)", arg=len(plies) - 1)

    # The filters: the games `greedy` won, counted from the records.
    agent = "greedy"
    who = agents.index(agent)

    def won(r):
        s, n = r["stores"]
        return (r["south"] == who and s > n) or (r["north"] == who and n > s)

    expected = sum(1 for r in records if won(r))
    with page.expect_response(lambda r: "/games?" in r.url and "agent=" in r.url):
        page.select_option("#games-agent", agent)
    with page.expect_response(lambda r: "/games?" in r.url and "result=win" in r.url):
        page.select_option("#games-result", "win")
    page.wait_for_function("n => document.querySelector('#games-total').dataset.total === String(n)", arg=expected)
    shown = page.eval_on_selector_all("#games-list tbody tr[data-index]", "ts => ts.map(t => Number(t.dataset.index))")
    assert all(won(records[i]) for i in shown)


def test_run_with_a_plot(page):
    """A run's SVG plot is shown as an image from /api/files/."""
    run = "tournaments/kalah-mcts-series.json"
    if not (REPO / "results" / run).exists():
        pytest.skip(f"{run} is not committed")
    page.fill("#runs-filter", "kalah-mcts-series")
    page.click(f'#runs-list button[data-path="{run}"]')
    page.wait_for_selector("#run-plots img")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#run-plots img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    src = page.get_attribute("#run-plots img", "src")
    assert src.startswith("/api/files/") and src.endswith(".svg")


def test_every_game_draws_and_plays(page):
    """Every game the server lists: the start is drawn as `mancala show` gives it, and a few
    clicked moves reach the position `mancala show` gives."""
    games = [g["name"] for g in cli_json("games")]
    assert page.eval_on_selector_all("#game-select option", "os => os.map(o => o.value)") == games
    page.select_option("#agent-side", "none")
    rng = random.Random(11)
    for game in games:
        new_game(page, game)
        moves = []
        cli = check_board(page, game, moves)
        layout = page.get_attribute("#board svg", "data-layout")
        assert layout == ("four-row" if game in ("omweso", "bao-la-kete", "bao-la-kiswahili", "lela") else "two-row"), game
        for _ in range(4):
            if cli["over"]:
                break
            moves, cli = play_and_check(page, game, moves, rng.choice(cli["legal_moves"]), cli["legal_moves"])
