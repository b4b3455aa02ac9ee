#!/usr/bin/env python3
"""Live differential cross-check: the Rust `mancala` binary against the Python reference
(reference/: driver.py and the two-row rules, two_row.py, ajwa.py and azigo.py).

Random positions are reached by random play (random.Random(--seed)) with the
reference's own move generator, for kalah, oware, awari, wari and woaley2 game
strings covering every rule option (houses 2..6), and woaley1, adi, giuti
(houses 1..6, every key), cups (bowls 3..6), ayo with houses won across (`won`, houses 2..6),
ajwa (houses 1..8, both choices) and azigo/okwe (houses 2..6, both capture sets).  Positions are printed with the
reference's format_position (with the ;hand=, ;forced=/;choice= and
;last-capture= fields where the game has them).  For each position:

  * perft at depth 1..D: `mancala perft GAME --position P --depth d --json` ("nodes")
    against the reference's run_perft.  D grows while the reference's predicted leaf count
    stays under a budget (deterministic for a given seed).
  * small positions (few seeds on the board): `mancala solve GAME --position P --json
    --threads 1 --tt-mb 16` ("value" and the per-move "moves") against the reference
    Solver.  The reference search is capped by a node count; a capped solve is skipped.

Both sides start fresh at the position (no repetition history besides the position
itself), whatever history the random game had.

Prints one line per mismatch (with the commands to reproduce it) and, last,
`N passed, M failed` (one comparison = one perft depth or one solve).
Exit status: 0 all passed, 1 any mismatch, 2 usage error.
"""

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, ROOT)
from reference import driver as D  # noqa: E402

# ---------------------------------------------------------------------------
# Game strings
# ---------------------------------------------------------------------------

KALAH_VARIANTS = [
    "capture=%s,end=%s" % (c, e)
    for c in ("opposite-nonempty", "empty")
    for e in ("either-side-empty", "mover-empty", "empty-takes-rest")
]

# (name, options): every oware option value at least once, plus awari presets.
OWARE_VARIANTS = [
    ("oware", ""),
    ("oware", "skip-origin=false"),
    ("oware", "must-feed=false"),
    ("oware", "grand-slam=no-capture"),
    ("oware", "grand-slam=forbidden"),
    ("oware", "grand-slam=capture-all"),
    ("oware", "grand-slam=woaley-skip"),
    ("oware", "capture=2-3"),
    ("oware", "capture=2-4-6"),
    ("oware", "stop-at-majority=true"),
    ("oware", "repetition=even-split"),
    ("oware", "repetition=own-side,must-feed=false,grand-slam=capture-all"),
    ("awari", ""),
    ("awari", "repetition=own-side"),
    ("awari", "skip-origin=false"),
    ("awari", "must-feed=false"),
    ("awari", "stop-at-majority=true"),
    ("oware", "MIXED"),  # every option drawn at random per case
]

# Oware presets of docs/rule-decisions.md: wari (american= instead of must-feed=, capture
# 2-4-6 by default with seeds=6) and woaley2 (every oware key, woaley-skip default).
PRESET_VARIANTS = [
    ("wari", ""),
    ("wari", "american=true"),
    ("wari", "grand-slam=capture-all"),
    ("wari", "MIXED"),
    ("woaley2", ""),
    ("woaley2", "must-feed=false"),
    ("woaley2", "grand-slam=no-capture"),
    ("woaley2", "skip-origin=false"),
    ("woaley2", "repetition=even-split"),
    ("woaley2", "MIXED"),
    ("woaley2", "no-capture-moves=5"),
    ("oware", "repetition-count=3"),
    ("ayo", ""),
    ("ayo", "MIXED"),
    ("ayo", "WON"),  # houses won across the board, drawn per case
]

# woaley1, adi, giuti: houses 1..6; "ROUND-END" draws adi's round-end per case.
TWO_ROW_VARIANTS = [
    ("woaley1", ""),
    ("woaley1", "free-choice=own-side"),
    ("adi", ""),
    ("adi", "round-end=0"),
    ("adi", "ROUND-END"),
    ("giuti", ""),
    ("kpo", ""),
    ("kpo", "skip-origin=true"),
    ("ajwa", ""),
    ("ajwa", "choice=free"),
    ("okwe", ""),
    ("okwe", "capture=1-3-5"),
]

HOUSES = [2, 3, 4, 5, 6]
TWO_ROW_HOUSES = [1, 2, 3, 4, 5, 6]
CUPS_BOWLS = [3, 4, 5, 6]


def templates():
    out = []
    for houses in HOUSES:
        for v in KALAH_VARIANTS:
            out.append(("kalah", v, houses))
        for name, v in OWARE_VARIANTS + PRESET_VARIANTS:
            out.append((name, v, houses))
    for houses in TWO_ROW_HOUSES:
        for name, v in TWO_ROW_VARIANTS:
            if name == "kpo" and houses < 2:
                continue  # Kpo needs two houses a row (as oware's family here)
            out.append((name, v, houses))
    for bowls in CUPS_BOWLS:
        out.append(("cups", "", bowls))
    return out


def mixed_options(rng, name):
    """Every key of an oware-family game drawn at random."""
    if name == "wari":
        parts = ["american=%s" % rng.choice(["true", "false"])]
    else:
        parts = ["must-feed=%s" % rng.choice(["true", "false"])]
    parts += [
        "skip-origin=%s" % rng.choice(["true", "false"]),
        "grand-slam=%s" % rng.choice(
            ["no-capture", "forbidden", "capture-all", "woaley-skip"]),
        "capture=%s" % rng.choice(["2-3", "2-4-6"]),
        "stop-at-majority=%s" % rng.choice(["true", "false"]),
        "repetition=%s" % rng.choice(["own-side", "even-split"]),
    ]
    return ",".join(parts)


def make_game_string(rng, name, options, houses):
    if name == "cups":
        return "cups(bowls=%d)" % houses
    if name == "okwe":
        # Small boards: the Basden start needs 10 houses or more, so these start 1..4 a house.
        text = "okwe(houses=%d,start=%d" % (houses, rng.randint(1, 4))
        return text + ("," + options if options else "") + ")"
    if name == "ajwa":
        # Ajwa's board is 8 houses a row: here 1..8 and 1..3 seeds.
        text = "ajwa(houses=%d,seeds=%d" % (rng.randint(1, 8), rng.randint(1, 3))
        return text + ("," + options if options else "") + ")"
    if options == "WON":
        # Ayo with houses won: any nonempty set of letters of the 2 x houses.
        letters = [chr(ord("A") + i) for i in range(houses)] + \
            [chr(ord("a") + i) for i in range(houses)]
        won = "".join(sorted(rng.sample(letters, rng.randint(1, 2 * houses - 1))))
        return "ayo(houses=%d,seeds=%d,won=%s)" % (houses, rng.randint(1, 4), won)
    if name in ("woaley1", "adi", "giuti"):
        seeds = rng.randint(1, 4)
        opts = options
        if options == "ROUND-END":
            opts = "round-end=%d" % rng.randint(0, 2 * houses * seeds)
        text = "%s(houses=%d,seeds=%d" % (name, houses, seeds)
        if opts:
            text += "," + opts
        return text + ")"
    if name in ("wari", "woaley2"):
        opts = mixed_options(rng, name) if options == "MIXED" else options
        if rng.random() < 0.2:
            seeds = 6  # Wari-72 style (wari's default capture becomes 2-4-6)
        else:
            seeds = rng.randint(1, 4)
        text = "%s(houses=%d,seeds=%d" % (name, houses, seeds)
        if opts:
            text += "," + opts
        return text + ")"
    if name == "kalah":
        seeds = rng.randint(1, 4)
        opts = options
    else:
        if options == "MIXED":
            name = rng.choice(["oware", "awari"])
            parts = [
                "skip-origin=%s" % rng.choice(["true", "false"]),
                "must-feed=%s" % rng.choice(["true", "false"]),
                "grand-slam=%s" % rng.choice(
                    ["no-capture", "forbidden", "capture-all", "woaley-skip"]),
                "capture=%s" % rng.choice(["2-3", "2-4-6"]),
                "stop-at-majority=%s" % rng.choice(["true", "false"]),
                "repetition=%s" % rng.choice(["own-side", "even-split"]),
            ]
            opts = ",".join(parts)
        else:
            opts = options
        if "capture=2-4-6" in opts and rng.random() < 0.3:
            seeds = 6  # Wari-72 style
        else:
            seeds = rng.randint(1, 4)
    text = "%s(houses=%d,seeds=%d" % (name, houses, seeds)
    if opts:
        text += "," + opts
    return text + ")"


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------

MAX_GAME_PLIES = 400


def random_position(rng, game):
    """Play a random game with the reference rules, return one of its positions."""
    rules = D.rules_of(game)
    pos = rules.start_position(game)
    line = [pos]
    history = {pos}
    while len(line) < MAX_GAME_PLIES and rules.final_value(game, pos) is None:
        moves = rules.legal_moves(game, pos)
        if not moves:
            break
        _, child = rng.choice(moves)
        if rules.can_repeat(game) and child in history:
            break  # the game ends on the repetition; keep the positions before it
        history.add(child)
        line.append(child)
        pos = child
    n = len(line)
    phase = rng.choice(["opening", "middle", "ending"])
    if phase == "opening":
        index = rng.randint(0, min(n - 1, 8))
    elif phase == "middle":
        index = rng.randint(0, n - 1)
    else:
        index = rng.randint(max(0, n - max(1, n // 5)), n - 1)
    return line[index], phase


# ---------------------------------------------------------------------------
# Reference side
# ---------------------------------------------------------------------------

class NodeLimit(Exception):
    pass


class CappedSolver(D.Solver):
    def __init__(self, game, cap):
        D.Solver.__init__(self, game)
        self.cap = cap

    def value(self, pos, history, *window):
        if self.nodes >= self.cap:
            raise NodeLimit()
        return D.Solver.value(self, pos, history, *window)


def reference_solve(game, pos, cap):
    """(value, {move: value}) or None when the node cap is hit."""
    solver = CappedSolver(game, cap)
    try:
        value = solver.value(pos, [pos])
        moves = dict(solver.root_moves(pos))
    except NodeLimit:
        return None
    return value, moves


# ---------------------------------------------------------------------------
# Binary side
# ---------------------------------------------------------------------------

class BinaryError(Exception):
    pass


def run_binary(cmd, timeout):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BinaryError("timed out after %ds" % timeout)
    if proc.returncode != 0:
        raise BinaryError("exit %d: %s" % (proc.returncode, proc.stderr.strip()[:300]))
    try:
        return json.loads(proc.stdout)
    except ValueError:
        raise BinaryError("unparsable output: %r" % proc.stdout[:300])


def perft_cmd(binary, game_text, pos_text, depth):
    return [binary, "perft", game_text, "--position", pos_text, "--depth", str(depth),
            "--json", "--threads", "1"]


def solve_cmd(binary, game_text, pos_text):
    cmd = [binary, "solve", game_text, "--position", pos_text, "--json",
           "--threads", "1", "--tt-mb", "16"]
    # The history rules (a third occurrence, a move limit) are solved exactly by the plain
    # method only; the table-based methods refuse them.
    if "repetition-count=3" in game_text or "no-capture-moves=" in game_text:
        cmd += ["--method", "plain"]
    return cmd


def shell(cmd):
    return " ".join(shlex.quote(c) for c in cmd)


# ---------------------------------------------------------------------------
# Main loop
# ---------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.perft = 0
        self.solves = 0
        self.solve_skipped = 0


def check_case(args, budget, tally, game_text, game, pos):
    pos_text = D.format_position(game, pos)
    ref_cmd = "python3 reference"

    # --- perft 1..D
    prev = None
    depth = 1
    case_start = time.time()
    while True:
        ref = D.run_perft(game, pos, depth)
        cmd = perft_cmd(args.binary, game_text, pos_text, depth)
        try:
            got = run_binary(cmd, args.timeout)["nodes"]
        except (BinaryError, KeyError) as error:
            got = "ERROR(%s)" % error
        tally.perft += 1
        if got == ref:
            tally.passed += 1
        else:
            tally.failed += 1
            print("MISMATCH perft game=%s position=%s depth=%d mancala=%s reference=%d | "
                  "repro: %s ; %s perft %s %s %d"
                  % (game_text, shlex.quote(pos_text), depth, got, ref, shell(cmd), ref_cmd,
                     shlex.quote(game_text), shlex.quote(pos_text), depth), flush=True)
        if ref == 0 or depth >= budget["max_depth"]:
            break
        ratio = max(1.0, ref / prev) if prev else float(ref)
        if ref * ratio > budget["leaves"]:
            break
        if time.time() - case_start > budget["seconds"]:
            break  # safety only; the leaf budget normally stops first
        prev = ref
        depth += 1

    # --- solve (small positions only)
    board_seeds = sum(pos[0])
    if game["name"] == "cups":
        board_seeds += sum(pos[3])  # the beans still in hand are in play too
    if game["houses"] > budget["solve_houses"] or board_seeds > budget["solve_seeds"]:
        return
    result = reference_solve(game, pos, budget["solve_nodes"])
    if result is None:
        tally.solve_skipped += 1
        return
    ref_value, ref_moves = result
    cmd = solve_cmd(args.binary, game_text, pos_text)
    tally.solves += 1
    try:
        out = run_binary(cmd, args.timeout)
        got_value = out["value"]
        got_moves = {m["move"]: m["value"] for m in out["moves"]}
    except (BinaryError, KeyError, TypeError) as error:
        got_value, got_moves = "ERROR(%s)" % error, None
    if got_value == ref_value and got_moves == ref_moves:
        tally.passed += 1
    else:
        tally.failed += 1

        def fmt(moves):
            if moves is None:
                return "-"
            return ",".join("%s:%s" % (k, moves[k]) for k in sorted(moves)) or "none"
        print("MISMATCH solve game=%s position=%s mancala=%s moves=[%s] reference=%s "
              "moves=[%s] | repro: %s ; %s solve %s %s --moves"
              % (game_text, shlex.quote(pos_text), got_value, fmt(got_moves), ref_value,
                 fmt(ref_moves), shell(cmd), ref_cmd, shlex.quote(game_text),
                 shlex.quote(pos_text)), flush=True)


def run(args):
    if args.quick:
        budget = dict(leaves=4000, max_depth=10, seconds=0.3,
                      solve_houses=4, solve_seeds=6, solve_nodes=5000)
    else:
        budget = dict(leaves=20000, max_depth=16, seconds=1.0,
                      solve_houses=5, solve_seeds=10, solve_nodes=20000)
    rng = random.Random(args.seed)
    plan = templates()
    rng.shuffle(plan)
    tally = Tally()
    start = time.time()
    phases = {}
    for i in range(args.cases):
        name, options, houses = plan[i % len(plan)]
        game_text = make_game_string(rng, name, options, houses)
        game = D.parse_game(game_text)
        pos, phase = random_position(rng, game)
        phases[phase] = phases.get(phase, 0) + 1
        if args.verbose:
            print("case %d: %s | %s (%s)" % (i + 1, game_text, D.format_position(game, pos),
                                             phase), flush=True)
        check_case(args, budget, tally, game_text, game, pos)
    elapsed = time.time() - start
    print("seed %d: %d positions (%s), %d perft comparisons, %d solve comparisons "
          "(%d small positions skipped: reference node cap), %.1fs"
          % (args.seed, args.cases,
             ", ".join("%s %d" % (k, phases[k]) for k in sorted(phases)),
             tally.perft, tally.solves, tally.solve_skipped, elapsed))
    print("%d passed, %d failed" % (tally.passed, tally.failed), flush=True)
    return 1 if tally.failed else 0


def main(argv):
    parser = argparse.ArgumentParser(
        description="Differential cross-check of the mancala binary against the Python "
                    "reference (reference/).")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--cases", type=int, default=None,
                        help="number of random positions (default 300, 40 with --quick)")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "mancala"),
                        help="path of the mancala binary (default target/release/mancala)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer positions, shallower perft, smaller solves")
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds allowed per binary call (default 120)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case")
    args = parser.parse_args(argv)  # exits 2 on usage errors
    if args.cases is None:
        args.cases = 40 if args.quick else 300
    if args.cases < 1:
        parser.error("--cases must be at least 1")
    if args.timeout < 1:
        parser.error("--timeout must be at least 1")
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        parser.error("binary %s not found or not executable (cd %s && cargo build --release)"
                     % (args.binary, ROOT))
    args.binary = os.path.abspath(args.binary)

    # The reference solver recurses along game lines that can be hundreds of plies
    # long in oware: run with a deep recursion limit on a thread with a large stack.
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    result = []
    worker = threading.Thread(target=lambda: result.append(run(args)))
    worker.start()
    worker.join()
    return result[0] if result else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
