#!/usr/bin/env python3
"""Balanced openings: every distinct position PLIES moves from a game's start, kept where a
search values it within MAX seeds of even, written as an openings file (`--openings-file`).

Why: from 2-ply openings Kalah(6,4) and Oware have only about 36 distinct starts, and many are
lost for one side whatever it plays, so a 100-pair match replays each start about three times
and most pairs are split by the opening, not by the agents. Chess testers (fastchess,
cutechess-cli) play balanced opening books for the same reason; this script makes one.

    scripts/balanced-openings.py BINARY GAME [--plies 4] [--agent "search(nodes=2000000)"]
        [--max 2] [--processes 2] [--out solvers/openings/GAME-balanced-4.txt]
    scripts/balanced-openings.py BINARY omweso --arranged 400 [--seed 1] ...

* Openings: every sequence of PLIES moves from the start (an extra turn is a move of its own,
  as `--openings` counts), one per distinct resulting position (the first sequence in the
  order of `mancala show`'s legal moves), games already over left out.
* Arranged starts (`--arranged N`, for Omweso, whose players arrange their 32 seeds freely
  before play: RULES.md section 9, "Start"): N start positions drawn with Python's
  `random.Random(SEED)`, each player's seeds put one by one in their own 16 holes uniformly at
  random, South's then North's (mirror starts, the same arrangement for both, favour the first
  mover by 44 to 64 seeds: the first capture decides); each is a position text line of the
  file, not a move list. Pairs play each start with seats swapped, so an unequal arrangement
  is fair to the agents; the value filter keeps the starts that are not decided at once.
* Value: the `score seeds X` of `mancala engine --agent AGENT` at the position (the mover's
  side, converted here to South's), with a node budget by default, so that the file is the
  same on every machine and at any load. An estimate, not an exact value.
* Output: UTF-8 text; `#` comment lines give the command, the agent and each opening's value;
  each other line is a move list from the start. Written to a temporary file and renamed.

Standard library only.
"""

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def show(binary, game, moves):
    cmd = [binary, "show", game, "--json"]
    if moves:
        cmd += ["-m", " ".join(moves)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"balanced-openings: `{shlex.join(cmd)}` failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def openings(binary, game, plies):
    """(moves, position, side to move) of every distinct position `plies` moves in."""
    frontier = [[]]
    for _ in range(plies):
        nxt = []
        for moves in frontier:
            for mv in show(binary, game, moves)["legal_moves"]:
                nxt.append(moves + [mv])
        frontier = nxt
    seen = {}
    for moves in frontier:
        s = show(binary, game, moves)
        if s["over"] or s["position"] in seen:
            continue
        seen[s["position"]] = (moves, s["side_to_move"])
    return [(m, p, side) for p, (m, side) in seen.items()]


def arranged(binary, game, n, seed):
    """(no moves, position text, side to move) of `n` distinct arranged starts: each player's
    seeds (as many as in the start's South row) dropped one by one into uniformly random holes
    of their own, South's first, then North's."""
    start = show(binary, game, [])
    rows, rest = start["position"].split(" ", 1)
    south = [int(x) for x in rows.split("/")[0].split(",")]
    rng = random.Random(seed)
    seen = {}
    tries = 0
    while len(seen) < n and tries < 100 * n:
        tries += 1
        arranged_rows = []
        for _ in range(2):
            holes = [0] * len(south)
            for _ in range(sum(south)):
                holes[rng.randrange(len(south))] += 1
            arranged_rows.append(",".join(map(str, holes)))
        seen[f"{arranged_rows[0]}/{arranged_rows[1]} {rest}"] = True
    return [([], p, start["side_to_move"]) for p in seen]


class Engine:
    def __init__(self, binary, agent):
        self.p = subprocess.Popen(
            [binary, "engine", "--agent", agent],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("mancala-engine")
        self.wait("mancalaok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"balanced-openings: the engine ended before `{word}`")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def value(self, game, moves, start="startpos"):
        """The engine's value of the position after `moves` from `start` (a position text or
        `startpos`), seeds, the mover's side."""
        self.send(f"newgame {game}")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go")
        score = None
        for line in self.wait("bestmove"):
            t = line.split()
            if t[:1] == ["info"] and "score" in t:
                i = t.index("score")
                if t[i + 1] == "seeds":
                    score = float(t[i + 2])
        if score is None:
            sys.exit(f"balanced-openings: no `score seeds` after {' '.join(moves)}")
        return score

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("game")
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--agent", default="search(nodes=2000000)")
    ap.add_argument("--max", type=float, default=2.0, help="largest |value| kept, seeds")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--revalue", help="value the kept ones again with this agent, keep those "
                    "still within --max (the file gives the second value)")
    ap.add_argument("--arranged", type=int, help="draw this many arranged starts instead")
    ap.add_argument("--seed", type=int, default=1, help="seed of the arranged starts")
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.arranged:
        out = a.out or f"solvers/openings/{a.game}-arranged-balanced.txt"
        found = arranged(a.binary, a.game, a.arranged, a.seed)
        what = f"arranged starts (seed {a.seed})"
    else:
        out = a.out or f"solvers/openings/{a.game}-balanced-{a.plies}.txt"
        found = openings(a.binary, a.game, a.plies)
        what = f"positions {a.plies} plies from the start"
    print(f"{len(found)} distinct {what}", file=sys.stderr)
    chunks = [found[i :: a.processes] for i in range(a.processes)]

    def work(chunk):
        e = Engine(a.binary, a.agent)
        vals = []
        for m, p, side in chunk:
            v = e.value(a.game, m) if m else e.value(a.game, [], p)
            vals.append((m, p, v if side == "S" else -v))
        e.close()
        return vals

    with ThreadPoolExecutor(a.processes) as ex:
        valued = [x for part in ex.map(work, chunks) for x in part]
    order = {p: i for i, (_, p, _) in enumerate(found)}
    valued.sort(key=lambda x: order[x[1]])
    kept = [x for x in valued if abs(x[2]) <= a.max]
    first_agent = a.agent
    if a.revalue:
        first = len(kept)
        side_of = {p: side for _, p, side in found}
        a.agent = a.revalue
        chunks = [kept[i :: a.processes] for i in range(a.processes)]
        with ThreadPoolExecutor(a.processes) as ex:
            again = [x for part in ex.map(work, [[(m, p, side_of[p]) for m, p, _ in c] for c in chunks])
                     for x in part]
        again.sort(key=lambda x: order[x[1]])
        kept = [x for x in again if abs(x[2]) <= a.max]
        print(f"revalued {first} with {a.revalue}: kept {len(kept)}", file=sys.stderr)
    cmd = "scripts/balanced-openings.py " + shlex.join(sys.argv[1:])
    head = [
        f"# Balanced openings of {a.game}: {len(kept)} of the {len(found)} distinct {what}",
        f"# valued within {a.max:g} seeds of even (South's side) by `{first_agent}`"
        + (f", then again by `{a.revalue}`" if a.revalue else "")
        + " (an estimate, not an exact value).",
        f"# Made by: {cmd}",
        "# Each opening: its value, then its moves from the start (South upper case)"
        + (", or its position text." if a.arranged else "."),
    ]
    body = []
    for m, p, v in kept:
        body += [f"# {v:+.2f} seeds for South: {p}", " ".join(m) if m else p]
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(out) or ".", prefix=".openings-")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(head + body) + "\n")
    os.replace(tmp, out)
    hist = {}
    for _, _, v in valued:
        hist[round(v)] = hist.get(round(v), 0) + 1
    print(f"kept {len(kept)} of {len(found)} -> {out}", file=sys.stderr)
    print("values (rounded, South's side): " + ", ".join(f"{k:+d}: {hist[k]}" for k in sorted(hist)),
          file=sys.stderr)


if __name__ == "__main__":
    main()
