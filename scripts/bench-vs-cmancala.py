#!/usr/bin/env python3
"""Solver benchmark: our `mancala solve` against CMancala (a single-threaded C Kalah solver).

    scripts/bench-vs-cmancala.py PATH-TO-CMANCALA [--quick] [--no-small-table-every-move]
                                 [--repeat K] [--out FILE]
                                 [--seed S] [--positions N] [--timeout SECONDS] [--cm-cache N]

PATH-TO-CMANCALA is the CMancala binary (e.g. /tmp/cmancala/build/Mancala), only run, never read
or changed; `--help` lists the options. Python 3 standard library only; needs GNU
`/usr/bin/time` (for -v), `uptime` and `nproc`. Our binary: $MANCALA, default
target/release/mancala (copied first, so that a rebuild while the benchmark runs does not change
it). The report (default results/benchmarks/solver-vs-cmancala.md) is written to a temporary
file first, then renamed. The full run takes about 1-1.5 hours on two cores (Kalah(6,4) from the
start dominates); --quick takes a few minutes.

Cases: Kalah(6,3) and Kalah(6,4) from the start (ours at 1 and 2 threads, with a 128 MiB table
and with our default table, --value-only and every root move; CMancala with its default cache),
and random mid-game positions of Kalah(6,4) and Kalah(6,5) (ours --value-only --threads 1
--tt-mb 128). --no-small-table-every-move skips the Kalah(6,4) every-move runs with the 128 MiB
table (a table an eighth of our default thrashes there: 5-10 minutes a run).

Both programs solve the same standard Kalah positions (our game string `kalah`: 6 houses, a
capture only when the opposite house is non-empty, the game ends when either side is empty and
each side keeps its seeds). Runs are interleaved (ours, CMancala, ours, CMancala, ...), each
under `/usr/bin/time -v` (process wall time and peak RSS), with `uptime`'s load averages taken
before every pair. Every value is compared; any disagreement is flagged in the report and on
stderr, and the exit status is 1.

How CMancala is driven: its `--api` mode prints no node count, so each CMancala run is one
process driven through its interactive mode on stdin:

    stones S | time 0 | depth 0 | progress false | autoplay false | player 1 ai | player 2 ai |
    [cache N] | start | load CODE | step | last | quit

`time 0` and `depth 0` make it solve (its "binary search" MTD(f) root over the whole store
difference range, which needs `stones` set: the range is +-12*S), `load` sets the position from
its code, `step` lets the AI (LOCAL solver, transposition table, no opening book, no endgame
database) solve and play, and `last` prints the evaluation (side to move's view), the move, the
"Total nodes" (in millions with three decimals, i.e. to the nearest 1000 nodes) and "Total time"
(the solver's own clock(), i.e. CPU seconds of the solve).

CMancala's position code (src/logic/board.c): a 128-bit number, bit 0 = 1 when "color 1" is to
move, cell i (0..13) in bits 1+8i..8+8i; printed as 32 hex digits of which the first 5 are
dropped. Cells 0-5 are color 1's houses in sowing order, 6 its store, 7-12 the other side's
houses, 13 its store; color 1 moves first from the start. So: our South = color 1, South's houses
A..F = cells 0..5, South's store = cell 6, North's houses a..f = cells 7..12, North's store =
cell 13, and "S to move" = bit 0 set. The dropped digits are bits 108-127, which include the top
5 bits of cell 13: a code keeps North's store modulo 8 only. Positions with a North store of 8
or more are therefore given to CMancala with both stores lowered alike and/or mirrored (see
cm_input), which changes neither the value nor CMancala's search.
"""

import argparse
import atexit
import datetime
import hashlib
import json
import math
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HOUSES = 6
# Mid-game positions: seeds -> (fewest plies, most plies, fewest seeds in the houses, most).
# Calibrated on a 2-core AMD EPYC so that CMancala needs roughly 0.2-20 s per solve: with more
# seeds left in the houses some positions take it over 10 minutes.
MIDGAME = {4: (10, 14, 32, 42), 5: (16, 24, 32, 44)}
START_CODES = {3: "006060606060600060606060607", 4: "008080808080800080808080809"}

# ---------------------------------------------------------------------------------------------
# Standard Kalah in Python (only to generate the random mid-game positions; both programs'
# own move generators are checked against it on every generated position).


def start_board(seeds):
    """cells in CMancala's order: South houses 0..5, South store 6, North 7..12, North store 13."""
    cells = [seeds] * HOUSES + [0] + [seeds] * HOUSES + [0]
    return cells, 0  # side 0 = South (to move)


def legal_moves(cells, side):
    base = 0 if side == 0 else HOUSES + 1
    return [i for i in range(HOUSES) if cells[base + i] > 0]


def is_over(cells):
    return sum(cells[0:HOUSES]) == 0 or sum(cells[HOUSES + 1:2 * HOUSES + 1]) == 0


def play(cells, side, house):
    """Plays house (0..5 of the mover); returns (cells, side) with the end-of-game sweep done."""
    cells = list(cells)
    own_store = HOUSES if side == 0 else 2 * HOUSES + 1
    opp_store = 2 * HOUSES + 1 if side == 0 else HOUSES
    idx = house if side == 0 else HOUSES + 1 + house
    seeds = cells[idx]
    assert seeds > 0
    cells[idx] = 0
    while seeds:
        idx = (idx + 1) % (2 * HOUSES + 2)
        if idx == opp_store:
            continue
        cells[idx] += 1
        seeds -= 1
    own_lo = 0 if side == 0 else HOUSES + 1
    next_side = 1 - side
    if idx == own_store:
        next_side = side
    elif own_lo <= idx < own_lo + HOUSES and cells[idx] == 1:
        opposite = 2 * HOUSES - idx
        if cells[opposite] > 0:
            cells[own_store] += cells[opposite] + 1
            cells[opposite] = 0
            cells[idx] = 0
    if is_over(cells):
        for i in range(HOUSES):
            cells[HOUSES] += cells[i]
            cells[i] = 0
            cells[2 * HOUSES + 1] += cells[HOUSES + 1 + i]
            cells[HOUSES + 1 + i] = 0
    return cells, next_side


def move_letter(side, house):
    return ("ABCDEF" if side == 0 else "abcdef")[house]


def our_text(cells, side):
    south = ",".join(str(c) for c in cells[0:HOUSES])
    north = ",".join(str(c) for c in cells[HOUSES + 1:2 * HOUSES + 1])
    return f"{south}/{north} {cells[HOUSES]}-{cells[2 * HOUSES + 1]} {'S' if side == 0 else 'N'}"


def cm_code_raw(cells, side):
    """CMancala's encodeBoard: the 128-bit number as 32 hex digits without the first 5. Those
    digits hold bits 108-127, so the top 5 bits of cell 13 (the store of "color 2") are lost:
    the code keeps only that store's value modulo 8."""
    value = 1 if side == 0 else 0
    for i, c in enumerate(cells):
        assert 0 <= c <= 255
        value |= c << (1 + 8 * i)
    return f"{value:032x}"[5:]


def cm_code(cells, side):
    """The exact code of a position, or None when it cannot be written (North's store >= 8)."""
    return cm_code_raw(cells, side) if cells[2 * HOUSES + 1] < 8 else None


def cm_input(cells, side):
    """The code CMancala is given for our position, and how it was transformed. CMancala's code
    cannot hold a store of 8 or more in cell 13, so (1) both stores are lowered by the same
    amount when that is needed (the value is the store difference, and CMancala's search, its
    move ordering, table and MTD(f) probes, depends on the stores only through it) and (2) the
    board is mirrored (our North as CMancala's color 1) when only North's store is still 8 or
    more (CMancala treats both colors alike: move order, table key from the mover's side)."""
    s_store, n_store = cells[HOUSES], cells[2 * HOUSES + 1]
    how = []
    if s_store >= 8 and n_store >= 8:
        k = min(s_store, n_store)
        cells = list(cells)
        cells[HOUSES] -= k
        cells[2 * HOUSES + 1] -= k
        how.append(f"stores -{k}")
    if cells[2 * HOUSES + 1] >= 8:
        cells = cells[HOUSES + 1:] + cells[:HOUSES + 1]
        side = 1 - side
        how.append("mirrored")
    code = cm_code(cells, side)
    assert code is not None
    return code, ", ".join(how)


def cm_decode(code):
    value = int("00000" + code, 16)
    cells = [(value >> (1 + 8 * i)) & 0xFF for i in range(14)]
    return cells, (0 if value & 1 else 1)


def cm_move_letter(display, side):
    """CMancala's `last` shows a move as idx+1 for color 1 (cell idx) and 13-cell for the other
    color (cells 7..12 shown as 6..1)."""
    if side == 0:
        return move_letter(0, display - 1)
    return move_letter(1, (13 - display) - (HOUSES + 1))


def random_positions(seeds, count, lo, hi, board_lo, board_hi, rng):
    """count positions reached by lo..hi random legal plies (a ply = one sowing) from the start,
    with board_lo..board_hi seeds left in the houses (CMancala's solve time grows steeply with
    them); any other game (over, or with too many or too few seeds) is drawn again."""
    out = []
    while len(out) < count:
        plies = rng.randint(lo, hi)
        cells, side = start_board(seeds)
        moves = []
        for _ in range(plies):
            if is_over(cells):
                break
            house = rng.choice(legal_moves(cells, side))
            moves.append(move_letter(side, house))
            cells, side = play(cells, side, house)
        on_board = sum(cells[0:HOUSES]) + sum(cells[HOUSES + 1:2 * HOUSES + 1])
        if is_over(cells) or len(moves) < plies or not board_lo <= on_board <= board_hi:
            continue
        code, how = cm_input(cells, side)
        out.append({"seeds": seeds, "plies": plies, "moves": moves, "cells": cells, "side": side,
                    "on_board": on_board, "text": our_text(cells, side), "code": code,
                    "code_how": how})
    return out


# ---------------------------------------------------------------------------------------------
# Running things


class Failure(Exception):
    pass


class Timeout(Failure):
    pass


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def load_averages():
    out = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    m = re.search(r"load averages?:\s*([\d.]+),?\s+([\d.]+),?\s+([\d.]+)", out)
    if not m:
        return None
    return tuple(float(x) for x in m.groups())


def parse_time_v(path):
    text = open(path).read()
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\):\s*(\S+)", text)
    rss = re.search(r"Maximum resident set size \(kbytes\):\s*(\d+)", text)
    if not m or not rss:
        raise Failure(f"could not read /usr/bin/time -v output:\n{text[-2000:]}")
    wall = 0.0
    for part in m.group(1).split(":"):
        wall = wall * 60 + float(part)
    return wall, int(rss.group(1)) / 1024.0


def timed(cmd, stdin_text=None, timeout=None):
    """Runs cmd under /usr/bin/time -v in its own process group (killed whole on a timeout);
    returns (CompletedProcess, wall seconds, peak RSS MiB), or raises Timeout."""
    fd, tpath = tempfile.mkstemp(prefix="bench-cm-time-")
    os.close(fd)
    try:
        proc = subprocess.Popen(["/usr/bin/time", "-v", "-o", tpath] + cmd, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(stdin_text, timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise Timeout(f"{' '.join(cmd)} took more than {timeout} s")
        except BaseException:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
        p = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
        wall, rss = parse_time_v(tpath)
    finally:
        os.unlink(tpath)
    return p, wall, rss


def run_ours(ours, game, position, threads, tt_mb, value_only, timeout=None):
    cmd = [ours, "solve", game, "--threads", str(threads), "--json"]
    if position is not None:
        cmd += ["--position", position]
    if tt_mb is not None:
        cmd += ["--tt-mb", str(tt_mb)]
    if value_only:
        cmd.append("--value-only")
    p, wall, rss = timed(cmd, timeout=timeout)
    if p.returncode != 0:
        raise Failure(f"ours failed (exit {p.returncode}): {' '.join(cmd)}\n{p.stderr[-2000:]}")
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        raise Failure(f"ours printed no JSON: {' '.join(cmd)}\n{p.stdout[-2000:]}")
    return {"cmd": cmd, "value": j["value"], "nodes": j["nodes"], "solve_s": j["seconds"],
            "wall_s": wall, "rss_mb": rss, "table_mb": j["table"]["bytes"] / 2**20,
            "threads": j["threads"],
            "moves": {m["move"]: (m["value"], m["exact"]) for m in j["moves"]}}


def run_cm(cm, code, stones, cache, timeout=None):
    lines = [f"stones {stones}", "time 0", "depth 0", "progress false", "autoplay false",
             "player 1 ai", "player 2 ai"]
    if cache is not None:
        lines.append(f"cache {cache}")
    lines += ["start", f"load {code}", "step", "last", "quit"]
    script = "\n".join(lines) + "\n"
    p, wall, rss = timed([cm], stdin_text=script, timeout=timeout)
    out = p.stdout
    if p.returncode != 0 or "Loaded board" not in out:
        raise Failure(f"CMancala failed (exit {p.returncode}) on code {code}:\n{out[-3000:]}\n"
                      f"{p.stderr[-1000:]}")
    meta = out[out.rfind("Metadata:"):] if "Metadata:" in out else ""
    ev = re.search(r"Evaluation:\s*(-?\d+)", meta)
    nodes = re.search(r"Total nodes:\s*([\d.]+) million", meta)
    tsec = re.search(r"Total time:\s*([\d.]+) seconds", meta)
    mv = re.search(r"Move:\s*(\d+)", meta)
    solved = re.search(r"Solved:\s*(\w+)", meta)
    if not (ev and nodes and mv):
        raise Failure(f"CMancala's `last` output not understood (code {code}):\n{out[-3000:]}")
    if not solved or solved.group(1) != "true":
        raise Failure(f"CMancala did not report a solved position (code {code}):\n{meta}")
    return {"value": int(ev.group(1)), "nodes": round(float(nodes.group(1)) * 1e6),
            "solve_s": float(tsec.group(1)) if tsec else float("nan"), "wall_s": wall,
            "rss_mb": rss, "move_display": int(mv.group(1)), "script": lines}


def cm_api_check(cm, cases):
    """Replays each case's moves through CMancala's `--api` MOVES command from its start code and
    checks that every move reaches the code our rules and encoding give (CMancala's codes keep
    North's store modulo 8 only, which does not affect the moves); then checks that the code
    CMancala is given decodes to the position (transformed as cm_input says)."""
    lines, expect = [], []
    for case in cases:
        cells, side = start_board(case["seeds"])
        code = cm_code_raw(cells, side)
        for letter in case["moves"]:
            house = "ABCDEF".find(letter) if side == 0 else "abcdef".find(letter)
            cell = house if side == 0 else HOUSES + 1 + house
            lines.append(f"MOVES {code}")
            cells, side = play(cells, side, house)
            nxt = cm_code_raw(cells, side)
            expect.append((code, cell, nxt))
            code = nxt
        if (cells, side) != (case["cells"], case["side"]):
            raise Failure(f"internal: replay of {case['moves']} does not give {case['text']}")
        dcells, dside = cm_decode(case["code"])
        if "mirrored" in case["code_how"]:
            dcells, dside = dcells[HOUSES + 1:] + dcells[:HOUSES + 1], 1 - dside
        shift = cells[HOUSES] - dcells[HOUSES]
        if (dside != side or dcells[:HOUSES] != cells[:HOUSES]
                or dcells[HOUSES + 1:2 * HOUSES + 1] != cells[HOUSES + 1:2 * HOUSES + 1]
                or cells[2 * HOUSES + 1] - dcells[2 * HOUSES + 1] != shift or shift < 0):
            raise Failure(f"internal: code {case['code']} ({case['code_how']}) does not stand "
                          f"for {case['text']}")
    lines.append("QUIT")
    p = subprocess.run([cm, "--api", "--cache", "17"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    answers = [l for l in p.stdout.splitlines() if l.startswith("OK") or l.startswith("ERROR")]
    if len(answers) != len(expect):
        raise Failure(f"CMancala --api gave {len(answers)} answers for {len(expect)} MOVES lines:\n"
                      f"{p.stdout[-2000:]}")
    for (code, cell, nxt), ans in zip(expect, answers):
        pairs = dict(re.findall(r"MOVE (\d+) NEXT_CODE (\S+)", ans))
        got = pairs.get(str(cell))
        if got != nxt:
            raise Failure(f"encoding/rule mismatch: CMancala from {code} move cell {cell} gives "
                          f"{got}, ours gives {nxt} (answer: {ans})")
    return len(expect)


def ours_show_check(ours, cases):
    for case in cases:
        game = "kalah" if case["seeds"] == 4 else f"kalah(seeds={case['seeds']})"
        p = subprocess.run([ours, "show", game, "--moves", " ".join(case["moves"]), "--json"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure(f"ours show failed on {case['moves']}: {p.stderr}")
        j = json.loads(p.stdout)
        if j["position"] != case["text"] or j["over"]:
            raise Failure(f"position mismatch: ours reaches {j['position']} after {case['moves']},"
                          f" the generator {case['text']}")


# ---------------------------------------------------------------------------------------------
# Report helpers


def med(xs):
    xs = [x for x in xs if x is not None and not (isinstance(x, float) and math.isnan(x))]
    return statistics.median(xs) if xs else float("nan")


def geomean(xs):
    xs = [x for x in xs if x and x > 0 and not math.isnan(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def f2(x, d=2):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x:.{d}f}"


def fint(x):
    return "n/a" if x is None else f"{x:,}"


def ratio(a, b):
    return a / b if b else float("nan")


def sh(s):
    return s if re.fullmatch(r"[\w./=,:+-]+", s) else "'" + s.replace("'", "'\\''") + "'"


def git_commit(path):
    try:
        head = subprocess.run(["git", "-C", path, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", path, "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
        return head + (" dirty" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "n/a"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "n/a"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


# ---------------------------------------------------------------------------------------------



def report_pair(problems, label, o, c):
    """Logs one interleaved pair of runs and records a value disagreement in `problems`."""
    log(f"   ours {o['value']:+d} {o['wall_s']:.2f} s {o['nodes']:,} nodes | "
        f"CMancala {c['value']:+d} {c['wall_s']:.2f} s {c['nodes']:,} nodes")
    if o["value"] != c["value"]:
        problems.append(f"{label}: ours {o['value']} vs CMancala {c['value']}")
        log("!!! VALUE DISAGREEMENT: " + problems[-1])

def main():
    ap = argparse.ArgumentParser(
        prog="scripts/bench-vs-cmancala.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2].split("How CMancala is driven:")[0])
    ap.add_argument("cmancala", metavar="PATH-TO-CMANCALA",
                    help="the CMancala binary (build/Mancala); only run, never read")
    ap.add_argument("--quick", action="store_true",
                    help="skip Kalah(6,4) from the start; 5 instead of 20 mid-game positions each")
    ap.add_argument("--headline", action="store_true",
                    help="issue 34's two targets only: Kalah(6,4) from the start, one thread, "
                    "ours at 128 MiB value-only and at the default table every move; no "
                    "Kalah(6,3), no mid-game positions (about 10 minutes with --repeat 2)")
    ap.add_argument("--no-small-table-every-move", action="store_true",
                    help="skip Kalah(6,4) every-move runs with the 128 MiB table")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each program per case (>= 2)")
    ap.add_argument("--out", default=None,
                    help="report (default results/benchmarks/solver-vs-cmancala.md)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the mid-game positions (1)")
    ap.add_argument("--positions", type=int, default=None,
                    help="mid-game positions per game (default 20, 5 with --quick)")
    ap.add_argument("--timeout", type=float, default=1800,
                    help="seconds one run of either program may take before the benchmark stops")
    ap.add_argument("--cm-cache", type=int, default=None,
                    help="CMancala cache exponent (`cache N`; default: its own default, 24)")
    a = ap.parse_args()
    if a.repeat < 2:
        ap.error("--repeat must be at least 2")
    if a.positions is not None and a.positions < 1:
        ap.error("--positions must be at least 1")
    if a.headline and (a.quick or a.positions is not None):
        ap.error("--headline runs no mid-game positions: leave out --quick and --positions")
    cm_path = a.cmancala
    if not os.path.exists(cm_path):
        ap.error(f"CMancala binary '{cm_path}' does not exist")
    if not os.path.isfile(cm_path) or not os.access(cm_path, os.X_OK):
        ap.error(f"CMancala binary '{cm_path}' is not an executable regular file")
    a.root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    a.ours = os.environ.get("MANCALA") or os.path.join(a.root, "target", "release", "mancala")
    if not os.access(a.ours, os.X_OK):
        ap.error(f"our binary '{a.ours}' is missing or not executable (build it with "
                 "cargo build --release, or set MANCALA)")
    for tool in ("uptime", "nproc"):
        if shutil.which(tool) is None:
            ap.error(f"{tool} is needed")
    probe = subprocess.run(["/usr/bin/time", "-v", "true"], capture_output=True, text=True) \
        if os.access("/usr/bin/time", os.X_OK) else None
    if probe is None or "Maximum resident set size" not in probe.stderr:
        ap.error("/usr/bin/time (GNU time, for -v) is needed")
    npos = 0 if a.headline else a.positions if a.positions is not None else (5 if a.quick else 20)
    out_path = a.out or os.path.join(a.root, "results", "benchmarks", "solver-vs-cmancala.md")
    out_dir = os.path.dirname(os.path.abspath(out_path))
    if not os.path.isdir(out_dir):
        raise Failure(f"output directory {out_dir} does not exist")

    # A private copy of our binary: a rebuild while the benchmark runs does not change it.
    tmpdir = tempfile.mkdtemp(prefix="bench-vs-cmancala-")
    atexit.register(shutil.rmtree, tmpdir, True)
    ours = os.path.join(tmpdir, "mancala")
    shutil.copy2(a.ours, ours)
    ours_sha = sha256(ours)
    ours_built = datetime.datetime.fromtimestamp(os.path.getmtime(a.ours)).astimezone()
    ours_version = subprocess.run([ours, "--version"], capture_output=True,
                                  text=True).stdout.strip() or "n/a"
    cm = os.path.abspath(a.cmancala)
    cm_src = os.path.dirname(os.path.dirname(cm))
    cm_commit = git_commit(cm_src) if os.path.isdir(os.path.join(cm_src, ".git")) else "n/a"
    started = datetime.datetime.now().astimezone()
    t_start = time.monotonic()
    problems = []

    # ---- the positions ---------------------------------------------------------------------
    # Plies chosen so that CMancala needs roughly 0.2-20 s per solve (calibrated on this
    # machine: see the report's notes).
    mids = []
    for seeds, rng_seed in ((4, a.seed), (5, a.seed + 1)):
        lo, hi, blo, bhi = MIDGAME[seeds]
        mids += random_positions(seeds, npos, lo, hi, blo, bhi, random.Random(rng_seed))
    for seeds, code in START_CODES.items():
        if cm_input(*start_board(seeds)) != (code, ""):
            raise Failure(f"internal: start code of Kalah(6,{seeds}) differs from {code}")
    log(f"checking {len(mids)} mid-game positions in both programs' move generators ...")
    ours_show_check(ours, mids)
    n_api = cm_api_check(cm, mids)

    # ---- start positions: matrix ------------------------------------------------------------
    configs = []
    for threads in (1, 2):
        for tt in (128, None):
            for value_only in (True, False):
                configs.append((threads, tt, value_only))
    start_sets = [3] if a.quick else [3, 4]
    if a.headline:
        configs = [(1, 128, True), (1, None, False)]
        start_sets = [4]
    start_runs = {}  # (seeds, config) -> list of (load, ours, cm)
    for seeds in start_sets:
        game = "kalah" if seeds == 4 else f"kalah(seeds={seeds})"
        for r in range(a.repeat):
            for cfg in configs:
                threads, tt, value_only = cfg
                if seeds == 4 and tt == 128 and not value_only and a.no_small_table_every_move:
                    continue
                load = load_averages()
                log(f"Kalah(6,{seeds}) start, run {r + 1}/{a.repeat}: ours threads={threads} "
                    f"tt={tt or 'default'} {'value-only' if value_only else 'all moves'} "
                    f"(load {load[0] if load else '?'}) ...")
                o = run_ours(ours, game, None, threads, tt, value_only, a.timeout)
                c = run_cm(cm, START_CODES[seeds], seeds, a.cm_cache, a.timeout)
                report_pair(problems, f"Kalah(6,{seeds}) start, {cfg}", o, c)
                start_runs.setdefault((seeds, cfg), []).append((load, o, c))

    # ---- mid-game positions -------------------------------------------------------------------
    mid_runs = {}  # index -> list of (load, ours, cm)
    for r in range(a.repeat):
        for i, pos in enumerate(mids):
            seeds = pos["seeds"]
            game = "kalah" if seeds == 4 else f"kalah(seeds={seeds})"
            load = load_averages()
            log(f"mid-game {i + 1}/{len(mids)} Kalah(6,{seeds}) run {r + 1}/{a.repeat}: "
                f"{pos['text']} (load {load[0] if load else '?'}) ...")
            o = run_ours(ours, game, pos["text"], 1, 128, True, a.timeout)
            c = run_cm(cm, pos["code"], seeds, a.cm_cache, a.timeout)
            report_pair(problems, f"mid-game {i + 1} ({pos['text']} = code {pos['code']})", o, c)
            mid_runs.setdefault(i, []).append((load, o, c))

    if sha256(a.ours) != ours_sha:
        log(f"note: {a.ours} was rebuilt during the run; the private copy (sha256 {ours_sha}) "
            "was used throughout")

    # ---- the report ---------------------------------------------------------------------------
    L = []
    w = L.append
    cmdline = " ".join(["scripts/bench-vs-cmancala.py"] + [sh(x) for x in sys.argv[1:]])
    w("# Our solver against CMancala")
    w("")
    if problems:
        w("**VALUE DISAGREEMENT: the two programs disagree on the following positions:**")
        w("")
        for p in problems:
            w(f"* **{p}**")
        w("")
    else:
        w("Both programs agree on the value of every position in every run.")
        w("")
    w(f"* command: `{cmdline}`")
    w(f"* date: {started.strftime('%Y-%m-%d %H:%M:%S %Z')}, total wall time "
      f"{(time.monotonic() - t_start) / 60:.1f} min")
    nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip() or "n/a"
    w(f"* machine: `nproc` = {nproc}, CPU: {cpu_model()}")
    w(f"* ours: {ours_version}, git commit {git_commit(a.root)} of {a.root}, binary {a.ours} "
      f"(built {ours_built.strftime('%Y-%m-%d %H:%M:%S %Z')}, sha256 {ours_sha}, run from a "
      "private copy taken at the start)")
    w(f"* CMancala: {cm} (source git commit {cm_commit}), cache "
      f"{'2^' + str(a.cm_cache) if a.cm_cache is not None else 'default (2^24 entries)'}")
    w(f"* runs per case: {a.repeat}, interleaved (ours, then CMancala, then ours, ...); "
      "`uptime` load averages (1, 5, 15 min) recorded before each pair")
    w("")
    w("## How it is measured")
    w("")
    w("* **Rules**: standard Kalah, our `kalah` game string (6 houses, capture only when the "
      "opposite house is non-empty, the game ends when either side is empty and each side keeps "
      "its seeds), CMancala's classic mode. Values are the final store difference from the side "
      "to move's point of view in both programs.")
    w("* **Wall s / RSS MB**: `/usr/bin/time -v` of the whole process (start-up and table "
      "allocation included): elapsed wall clock and maximum resident set size.")
    w("* **solve s**: ours: the JSON `seconds` (wall time of the search); CMancala: the `Total "
      "time` its `last` command prints, measured with `clock()` (CPU seconds of the solve).")
    w("* **Ratios** are ours / CMancala (below 1: ours is faster or searches fewer nodes); "
      "time ratios use process wall time.")
    w("* **Ours**: `mancala solve GAME [--position P] --threads T [--tt-mb M] [--value-only] "
      "--json`; a node is a search call on a position that is not over. Without `--value-only` "
      "ours proves the exact value of every root move, which CMancala does not do; "
      "`--value-only` (the value and one best move) is the like-for-like mode.")
    w("* **CMancala**: its `--api` mode prints no node count, so each run is one process fed on "
      "stdin with the interactive commands `stones S`, `time 0`, `depth 0` (solve mode: its "
      "MTD(f) \"binary search\" root over [-12S, +12S]), `progress false`, `autoplay false`, "
      "`player 1 ai`, `player 2 ai`, `start`, `load CODE`, `step` (the AI solves and plays), "
      "`last` (prints Evaluation, Total nodes, Total time), `quit`. LOCAL solver with its "
      "transposition table, no opening book, no endgame database. `Total nodes` is printed in "
      "millions with 3 decimals, so its node counts are exact to +-500 nodes.")
    w("* **CMancala's node**: its counter `nodeCount` is incremented once on every entry of "
      "`negamax` (and of the root `negamaxWithMove`) for a position that is not terminal (the "
      "terminal check, either side empty, comes first and is not counted), before its "
      "transposition-table probe, so a position answered from the table counts too; the count "
      "is summed over all null-window passes of its MTD(f) root (reset once per solve). This is "
      "the same definition as ours.")
    n_how = sum(1 for p in mids if p["code_how"])
    w("* **Position codes**: CMancala's code is a 128-bit number (bit 0: 1 when its \"color 1\" "
      "is to move; cell i in bits 1+8i to 8+8i) printed as 32 hex digits without the first 5. "
      "Cells 0-5 = our South houses A-F, 6 = South's store, 7-12 = North's houses a-f, 13 = "
      "North's store; color 1 (who moves first at the start) = South. Start codes: Kalah(6,3) "
      f"`{START_CODES[3]}`, Kalah(6,4) `{START_CODES[4]}`. The dropped digits hold bits "
      "108-127, i.e. the top 5 bits of cell 13: a code keeps North's store only modulo 8 (a "
      "North store of 10 is read back as 2, and CMancala then solves another position). So a "
      "position whose North store is 8 or more is given to CMancala with both stores lowered by "
      "the same amount (when both are 8 or more) and/or mirrored (North as color 1, South's "
      "store in cell 13). Neither changes the value (the store difference from the mover's "
      "view) nor CMancala's search: its move ordering, table (keyed by the houses from the "
      "mover's side, values stored relative to the store difference) and MTD(f) probes see the "
      "stores only through their difference, and both colors are searched alike; checked on "
      "random positions, where the original, lowered and mirrored codes gave the same value "
      f"and node count. {n_how} of the {len(mids)} mid-game positions needed it (marked in the "
      "table). Also checked here on every generated position: our `mancala show` reaches the "
      "same position text from the same moves, CMancala's `--api MOVES` replays the same moves "
      f"to the same codes ({n_api} moves), and each code given decodes back to the position.")
    w("")

    def start_table(seeds):
        w(f"## Kalah(6,{seeds}) from the start")
        w("")
        w("Ours: threads, table (`--tt-mb 128`, about CMancala's memory, or our default size), "
          "mode (`--value-only` or every root move). CMancala: default cache, single thread. "
          "One CMancala run paired with each of ours.")
        w("")
        w("| ours config | run | load 1/5/15 | value ours / CM | CM move (ours' value) | ours wall s "
          "| ours solve s | ours RSS MB | ours table MB | ours nodes | CM wall s | CM solve s "
          "| CM RSS MB | CM nodes | time ratio | node ratio |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        summary = []
        for cfg in configs:
            threads, tt, value_only = cfg
            name = (f"{threads} thr, tt {tt if tt else 'default'}, "
                    f"{'value-only' if value_only else 'all moves'}")
            runs = start_runs.get((seeds, cfg))
            if runs is None:
                continue
            for k, (load, o, c) in enumerate(runs):
                letter = cm_move_letter(c["move_display"], 0)
                mv = o["moves"].get(letter)
                mvs = (f"{letter} ({'' if mv[1] else '<='}{mv[0]:+d})" if mv else f"{letter} (?)")
                w(f"| {name} | {k + 1} | {'/'.join(f2(x) for x in load) if load else 'n/a'} "
                  f"| {o['value']:+d} / {c['value']:+d}{'' if o['value'] == c['value'] else ' **DISAGREE**'} "
                  f"| {mvs} | {f2(o['wall_s'])} | {f2(o['solve_s'])} | {f2(o['rss_mb'], 0)} "
                  f"| {f2(o['table_mb'], 0)} | {fint(o['nodes'])} | {f2(c['wall_s'])} "
                  f"| {f2(c['solve_s'])} | {f2(c['rss_mb'], 0)} | {fint(c['nodes'])} "
                  f"| {f2(ratio(o['wall_s'], c['wall_s']))} | {f2(ratio(o['nodes'], c['nodes']), 3)} |")
            summary.append((name, runs))
        w("")
        w("Medians per configuration (time ratio: median of the per-pair ratios):")
        w("")
        w("| ours config | ours wall s | ours solve s | ours RSS MB | ours nodes | CM wall s "
          "| CM solve s | CM RSS MB | CM nodes | time ratio | node ratio |")
        w("|---|---|---|---|---|---|---|---|---|---|---|")
        for name, runs in summary:
            os_, cs = [r[1] for r in runs], [r[2] for r in runs]
            w(f"| {name} | {f2(med([o['wall_s'] for o in os_]))} "
              f"| {f2(med([o['solve_s'] for o in os_]))} | {f2(med([o['rss_mb'] for o in os_]), 0)} "
              f"| {fint(round(med([o['nodes'] for o in os_])))} "
              f"| {f2(med([c['wall_s'] for c in cs]))} | {f2(med([c['solve_s'] for c in cs]))} "
              f"| {f2(med([c['rss_mb'] for c in cs]), 0)} | {fint(round(med([c['nodes'] for c in cs])))} "
              f"| {f2(med([ratio(o['wall_s'], c['wall_s']) for o, c in zip(os_, cs)]))} "
              f"| {f2(med([ratio(o['nodes'], c['nodes']) for o, c in zip(os_, cs)]), 3)} |")
        w("")

    for seeds in start_sets:
        start_table(seeds)
    if a.no_small_table_every_move and not a.quick:
        w("Kalah(6,4) every-move runs with the 128 MiB table were skipped "
          "(`--no-small-table-every-move`).")
        w("")
    if a.quick:
        w("## Kalah(6,4) from the start")
        w("")
        w("Skipped (`--quick`).")
        w("")

    if a.headline:
        w("Targets (issue 34): CMancala's solve time / ours at `1 thr, tt 128, value-only` at "
          "least 3 (the inverse of its time ratio); ours at `1 thr, tt default, all moves` at "
          "most 1.5x CMancala's value-only solve (its time ratio). Kalah(6,3) and the mid-game "
          "positions are skipped (`--headline`).")
        w("")
    w("## Random mid-game positions")
    w("")
    if not mids:
        w("None (`--headline`).")
        w("")
    else:
        m4, m5 = MIDGAME[4], MIDGAME[5]
        w(f"Generated reproducibly: Python `random.Random({a.seed})` for Kalah(6,4) and "
          f"`random.Random({a.seed + 1})` for Kalah(6,5); for each position a ply count is drawn "
          f"uniformly from {m4[0]}-{m4[1]} (6,4) or {m5[0]}-{m5[1]} (6,5), then that many uniformly "
          "random legal moves are played from the start (a ply is one sowing, so an extra turn is a "
          "ply); a game that is over, or that leaves fewer or more seeds in the houses than "
          f"{m4[2]}-{m4[3]} (6,4) or {m5[2]}-{m5[3]} (6,5), is drawn again (chosen so that CMancala "
          "needs roughly 0.2-20 s a position on a 2-core AMD EPYC; with more seeds left some "
          "positions take it over 10 minutes). "
          f"{npos} positions per game"
          f"{' (`--quick`: the first ' + str(npos) + ' of the full run)' if a.quick else ''}. "
          "Ours: `--value-only --threads 1 --tt-mb 128`; CMancala: default cache. Medians over the "
          f"{a.repeat} runs; ratios ours / CMancala of the medians.")
        w("")
        w("| # | game | plies | seeds in houses | position (ours) | CMancala code | value ours / CM "
          "| ours wall s | ours nodes | CM wall s | CM solve s | CM nodes | time ratio | node ratio |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        per_game = {}
        for i, pos in enumerate(mids):
            runs = mid_runs[i]
            os_, cs = [r[1] for r in runs], [r[2] for r in runs]
            vo, vc = os_[0]["value"], cs[0]["value"]
            agree = all(o["value"] == c["value"] for o, c in zip(os_, cs))
            ow, cw = med([o["wall_s"] for o in os_]), med([c["wall_s"] for c in cs])
            on, cn = med([o["nodes"] for o in os_]), med([c["nodes"] for c in cs])
            cso = med([c["solve_s"] for c in cs])
            per_game.setdefault(pos["seeds"], []).append((ow, cw, on, cn, cso))
            w(f"| {i + 1} | (6,{pos['seeds']}) | {pos['plies']} | {pos['on_board']} | `{pos['text']}` "
              f"| `{pos['code']}`{' (' + pos['code_how'] + ')' if pos['code_how'] else ''} "
              f"| {vo:+d} / {vc:+d}{'' if agree else ' **DISAGREE**'} | {f2(ow)} | {fint(round(on))} "
              f"| {f2(cw)} | {f2(cso)} | {fint(round(cn))} | {f2(ratio(ow, cw))} "
              f"| {f2(ratio(on, cn), 3)} |")
        w("")
        w("Totals (sums of the per-position medians) and the spread of the per-position ratios:")
        w("")
        w("| game | positions | ours wall s | CM wall s | CM solve s | ours nodes | CM nodes "
          "| time ratio of totals | median time ratio | geo-mean time ratio | node ratio of totals "
          "| median node ratio |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for seeds, rows in sorted(per_game.items()):
            ow = sum(r[0] for r in rows)
            cw = sum(r[1] for r in rows)
            on = sum(r[2] for r in rows)
            cn = sum(r[3] for r in rows)
            cso = sum(r[4] for r in rows)
            tr = [ratio(r[0], r[1]) for r in rows]
            nr = [ratio(r[2], r[3]) for r in rows]
            w(f"| Kalah(6,{seeds}) | {len(rows)} | {f2(ow)} | {f2(cw)} | {f2(cso)} | {fint(round(on))} "
              f"| {fint(round(cn))} | {f2(ratio(ow, cw))} | {f2(med(tr))} | {f2(geomean(tr))} "
              f"| {f2(ratio(on, cn), 3)} | {f2(med(nr), 3)} |")
        w("")
        w("<details><summary>Every mid-game run</summary>")
        w("")
        w("| # | run | load 1/5/15 | value ours / CM | ours wall s | ours solve s | ours RSS MB "
          "| ours nodes | CM wall s | CM solve s | CM RSS MB | CM nodes | time ratio | node ratio |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for i in range(len(mids)):
            for k, (load, o, c) in enumerate(mid_runs[i]):
                w(f"| {i + 1} | {k + 1} | {'/'.join(f2(x) for x in load) if load else 'n/a'} "
                  f"| {o['value']:+d} / {c['value']:+d} | {f2(o['wall_s'])} | {f2(o['solve_s'])} "
                  f"| {f2(o['rss_mb'], 0)} | {fint(o['nodes'])} | {f2(c['wall_s'])} "
                  f"| {f2(c['solve_s'])} | {f2(c['rss_mb'], 0)} | {fint(c['nodes'])} "
                  f"| {f2(ratio(o['wall_s'], c['wall_s']))} | {f2(ratio(o['nodes'], c['nodes']), 3)} |")
        w("")
        w("</details>")
        w("")
        w("Mid-game moves played (our notation, South upper case):")
        w("")
        for i, pos in enumerate(mids):
            w(f"{i + 1}. (6,{pos['seeds']}) `{' '.join(pos['moves'])}`")
        w("")
    w("Timings on a shared machine are noisy; the load averages show how busy it was. Node "
      "counts do not depend on load (ours at 2 threads vary from run to run).")

    fd, tmp = tempfile.mkstemp(prefix=".solver-vs-cmancala-", suffix=".md.tmp", dir=out_dir)
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(L) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, out_path)
    log(f"wrote {out_path}")
    if problems:
        log("!!! VALUE DISAGREEMENT on %d run(s):" % len(problems))
        for p in problems:
            log("!!!   " + p)
        return 1
    return 0


if __name__ == "__main__":
    # SIGTERM unwinds like an exception, so a running solver's process group is killed too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        sys.exit(main())
    except Failure as e:
        print(f"bench-vs-cmancala: error: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("bench-vs-cmancala: interrupted", file=sys.stderr)
        sys.exit(130)
